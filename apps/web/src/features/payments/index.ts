// What the payments feature offers other features: how a seller's fee is shown beside a price,
// and a provider's name as statements show it.
export { SellerFee } from './seller-fee';
export { providerName } from './format';
