/** The records module's public face: A member's own records: people, places, things (`app.things` for offered things). Other modules import only this file. */
export { recordsPlugin } from './records.plugin';
