// The monitoring module's public face: the Prometheus metrics (`GET /metrics`) and the operators'
// daily report (CONTRACTS §13).
export { createMetrics, metricsRoutes, ShopMetrics, type RadiusCounts } from './metrics.ts';
export { dailyFigures, dailyReport, reportWindow } from './dailyReport.ts';
