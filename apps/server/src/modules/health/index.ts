/** The health module's public face: Liveness, readiness and the warm-up (`app.readiness`). Other modules import only this file. */
export { healthPlugin } from './health.plugin';
