import { createAction } from '@reduxjs/toolkit';

/** Ends the simulated connection; the app slice clears the selected server with it (SPEC §4). */
export const disconnect = createAction('connection/disconnect');
