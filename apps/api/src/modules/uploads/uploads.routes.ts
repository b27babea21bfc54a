import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Services } from '#/services.ts'

export const uploadsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (_app, _opts) => {
  // Routes of this module are added here.
}
