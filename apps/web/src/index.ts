/** @separ/web — the routed site; filled by the web issue (#4). */
export {};
