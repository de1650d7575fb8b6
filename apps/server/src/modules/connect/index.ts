/** The connect module's public face: Discovery, people, connections, blocks, trips and reports. Other modules import only this file. */
export { connectPlugin } from './connect.plugin';
