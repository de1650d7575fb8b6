/** The reach module's public face: Who may reach whom: `app.reach` and the SQL predicates other modules' queries use. Other modules import only this file. */
export { reachPlugin } from './reach.plugin';
export { noBlockBetween, blockBetween, seenBy } from './reach';
export type { ReachRule, Reacher } from './reach';
