/** @separ/ui — screens and widgets as RTL-aware styled components; filled by the ui issue (#3). */
export {};
