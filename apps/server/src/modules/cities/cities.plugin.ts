import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadCities } from './cities';
import { citiesRoutes, type CitiesRoutesOptions } from './cities.routes';

/** The city search and the map tiles' address; the cities load in the background after listening. */
export const citiesPlugin = fp(
  async (app: FastifyInstance, options: CitiesRoutesOptions) => {
    app.readiness.warm('cities', async () => {
      loadCities();
    });
    await app.register(citiesRoutes, { prefix: '/api', ...options });
  },
  { name: 'cities', dependencies: ['health'] },
);
