/** @separ/server — the backend; filled by the server issue (#5). */
export {};
