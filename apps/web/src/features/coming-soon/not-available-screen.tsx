export { NotAvailable as Component } from '../../ui/not-available';
