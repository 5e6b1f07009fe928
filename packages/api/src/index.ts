/** @separ/api — RTK Query client of the backend; filled by the web issue (#4). */
export {};
