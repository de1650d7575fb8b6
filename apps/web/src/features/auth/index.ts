/**
 * What other features take from auth: my email address's section of the profile (its address,
 * whether it is verified, changing it).
 */
export { EmailSettings } from './components/email-settings';
