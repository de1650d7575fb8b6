/** The references module's public face: what members write about each other after meeting or trading (`app.references`). Other modules import only this file. */
export { referencesPlugin } from './references.plugin';
export type { ReferencesService } from './references.service';
