// The wallet module's public face (CONTRACTS §10): the ledger's writes for other modules (a top-up
// or a purchase settles through payments), the panel's route and separ-admin's commands.
export { postEntry, walletBalance, walletOf, adjustWallet } from './service.ts';
export { walletRoutes } from './routes.ts';
export { WALLET_COMMANDS } from './cli.ts';
