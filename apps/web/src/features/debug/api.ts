import type { Claims } from '@tolk/shared/schemas/auth';
import type { PersonsPage } from '@tolk/shared/schemas/persons';
import { get } from '../../lib/http';

export const getPersons = (noAuth: boolean) => get<PersonsPage>('/Persons', { noAuth });
export const getClaims = (noAuth: boolean) => get<Claims>('/Debug/Claims', { noAuth });
