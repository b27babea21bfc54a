import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AuthResultSchema, LoginInputSchema, PasswordChangeInputSchema, RegisterInputSchema } from '@shelfwise/contracts'
import type { AuthService } from '#/modules/auth/auth.service.ts'
import { noStore } from '#/http-cache.ts'
import { isOwnIdentity, OWN_IDENTITY, passwordWeakness } from '#/security/passwords.ts'
import { routeOptions } from '#/route-options.ts'

const PasswordChangedSchema = z.object({ message: z.string(), token: z.string() })

// The server's own rules on top of the shared schemas (the common list is too big to ship to the
// browser): no common password, no spaces only, no repeats or simple sequences, and at sign-up not
// the reader's own username or e-mail (at a change the service checks that against the stored ones).
const hardToGuess = (p: string, ctx: z.RefinementCtx) => {
  const why = passwordWeakness(p)
  if (why) ctx.addIssue({ code: 'custom', message: why })
}
const RegisterBodySchema = RegisterInputSchema.extend({
  password: RegisterInputSchema.shape.password.superRefine(hardToGuess),
}).superRefine((body, ctx) => {
  if (isOwnIdentity(body.password, body)) ctx.addIssue({ code: 'custom', path: ['password'], message: OWN_IDENTITY })
})
const PasswordChangeBodySchema = PasswordChangeInputSchema.extend({
  newPassword: PasswordChangeInputSchema.shape.newPassword.superRefine(hardToGuess),
})

const bodyEmail = (req: FastifyRequest) => (req.body as { email?: unknown } | undefined)?.email

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const route = routeOptions(app, 'auth')
  const { perIp, perAccount } = app.rateLimits

  app.post(
    '/auth/register',
    {
      ...route.open({ summary: 'Create an account and sign in', body: RegisterBodySchema, response: { 201: AuthResultSchema } }),
      onRequest: perIp('register'),
      preHandler: perAccount('register', bodyEmail),
    },
    async (req, reply) =>
      noStore(reply)
        .code(201)
        .send(await auth.register(req.body)),
  )

  app.post(
    '/auth/login',
    {
      ...route.open({ summary: 'Sign in with e-mail and password', body: LoginInputSchema, response: { 200: AuthResultSchema } }),
      onRequest: perIp('login'),
      preHandler: perAccount('login', bodyEmail),
    },
    async (req, reply) => noStore(reply).send(await auth.login(req.body)),
  )

  app.post('/auth/logout', route.signedIn({ summary: 'End this token’s session', response: { 204: z.null() } }, 'session'), async (req, reply) => {
    await auth.logout(req.user!)
    return reply.code(204).send(null)
  })

  app.put(
    '/users/password',
    {
      ...route.signedIn(
        {
          summary: 'Change the password; ends every other session and answers a fresh token',
          body: PasswordChangeBodySchema,
          response: { 200: PasswordChangedSchema },
        },
        'session',
      ),
      onRequest: perIp('password'),
      preHandler: perAccount('password', (req) => req.user?.id),
    },
    async (req) => auth.changePassword(req.user!, req.body),
  )
}
