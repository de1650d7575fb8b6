/** The debug module's public face: The spec's debug calls. Other modules import only this file. */
export { debugPlugin } from './debug.plugin';
