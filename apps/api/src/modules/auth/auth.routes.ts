import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AuthResultSchema, LoginInputSchema, PasswordChangeInputSchema, RegisterInputSchema } from '@shelfwise/contracts'
import type { Services } from '#/services.ts'

const PasswordChangedSchema = z.object({ message: z.string(), token: z.string() })

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: { auth } }) => {
  app.post('/auth/register', {
    schema: { tags: ['auth'], summary: 'Create an account and sign in', body: RegisterInputSchema, response: { 201: AuthResultSchema } },
  }, async (req, reply) => reply.code(201).send(await auth.register(req.body)))

  app.post('/auth/login', {
    schema: { tags: ['auth'], summary: 'Sign in with e-mail and password', body: LoginInputSchema, response: { 200: AuthResultSchema } },
  }, async (req) => auth.login(req.body))

  app.post('/auth/logout', {
    schema: { tags: ['auth'], summary: 'End this token’s session', security: [{ bearer: [] }], response: { 204: z.null() } },
    preHandler: app.requireUser,
  }, async (req, reply) => {
    await auth.logout(req.user!)
    return reply.code(204).send(null)
  })

  app.put('/users/password', {
    schema: {
      tags: ['auth'], summary: 'Change the password; ends every other session and answers a fresh token',
      security: [{ bearer: [] }], body: PasswordChangeInputSchema, response: { 200: PasswordChangedSchema },
    },
    preHandler: app.requireUser,
  }, async (req) => auth.changePassword(req.user!, req.body))
}
