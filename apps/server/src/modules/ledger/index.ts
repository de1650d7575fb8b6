/** The ledger module's public face: Money: transfers and reversals under idempotency keys (`app.ledger`), statements, the account page. Other modules import only this file. */
export { ledgerPlugin } from './ledger.plugin';
export type { LedgerParty, LedgerService } from './ledger.service';
