import { z } from 'zod';
import { isCurrency } from '../currencies';

/** An ISO 4217 code the runtime knows (EUR, JPY): every price, balance and transfer names one. */
export const currencySchema = z.string().refine(isCurrency, 'Not an ISO 4217 currency.');
