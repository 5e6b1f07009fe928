export * from './AppImportGuide';
