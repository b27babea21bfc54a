import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema, oneOf, singleLineField, wholeNumber } from '#/common.ts'
import { ErrorBodySchema } from '#/errors.ts'

// Personal access tokens (issue 25, point 1, decision 0045): a reader's own tools call the API with
// a token they made, limited to the scopes they chose.

/** What a personal token may be granted. Everything else a signed-in reader does stays with the web app's session. */
export const TOKEN_SCOPES = ['read', 'reading:write', 'reviews:write', 'social:write'] as const
export const TokenScopeSchema = oneOf(TOKEN_SCOPES)
export type TokenScope = z.infer<typeof TokenScopeSchema>

/**
 * What a route needs of a token: one of the scopes, or `session`: the web app's sign-in alone (a
 * password, an e-mail, the account, tokens, webhooks, the whole export); a personal token never may.
 */
export type RouteScope = TokenScope | 'session'

/** Every personal token starts with this, so a secret scanner (or a reader) recognises one. */
export const PERSONAL_TOKEN_PREFIX = 'swp_'

export const TOKEN_LIMITS = { nameMax: 100, expiresInDaysMax: 366, perReaderMax: 50 } as const

export const CreateTokenInputSchema = z.object({
  name: singleLineField(TOKEN_LIMITS.nameMax, `must be at most ${TOKEN_LIMITS.nameMax} characters`, { error: 'is required' })
    .min(1, 'is required')
    .max(TOKEN_LIMITS.nameMax, `must be at most ${TOKEN_LIMITS.nameMax} characters`),
  scopes: z
    .array(TokenScopeSchema, { error: `must be a list of scopes (${TOKEN_SCOPES.join(', ')})` })
    .min(1, 'must name at least one scope')
    .max(TOKEN_SCOPES.length, `must name each scope at most once`)
    .refine((s) => new Set(s).size === s.length, 'must name each scope at most once'),
  expiresInDays: wholeNumber(1, TOKEN_LIMITS.expiresInDaysMax),
})
export type CreateTokenInput = z.infer<typeof CreateTokenInputSchema>

export const PersonalTokenSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  scopes: z.array(TokenScopeSchema),
  /** The token's last four characters, to tell two apart; the token itself is shown only when made. */
  hint: z.string(),
  createdAt: IsoDateTimeSchema,
  expiresAt: IsoDateTimeSchema,
  lastUsedAt: IsoDateTimeSchema.nullable(),
})
export type PersonalToken = z.infer<typeof PersonalTokenSchema>

/** The answer to making a token: the token itself, shown this once. */
export const CreatedTokenSchema = PersonalTokenSchema.extend({ token: z.string() })
export type CreatedToken = z.infer<typeof CreatedTokenSchema>

export const PersonalTokenListSchema = z.array(PersonalTokenSchema)

export const TokenIdParamsSchema = z.object({ id: IdSchema })

// ---- Devices (issue 25, point 4): an e-reader's own sign-in for KOReader's progress sync ----------

export const DEVICE_LIMITS = { nameMax: 100, perReaderMax: 20 } as const

export const CreateDeviceInputSchema = z.object({
  name: singleLineField(DEVICE_LIMITS.nameMax, `must be at most ${DEVICE_LIMITS.nameMax} characters`, { error: 'is required' })
    .min(1, 'is required')
    .max(DEVICE_LIMITS.nameMax, `must be at most ${DEVICE_LIMITS.nameMax} characters`),
})
export type CreateDeviceInput = z.infer<typeof CreateDeviceInputSchema>

export const DeviceSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  /** What the reader types into KOReader as the username. */
  username: z.string(),
  createdAt: IsoDateTimeSchema,
  lastUsedAt: IsoDateTimeSchema.nullable(),
})
export type Device = z.infer<typeof DeviceSchema>

/** The answer to making a device: its password, shown this once (never the account's password). */
export const CreatedDeviceSchema = DeviceSchema.extend({ password: z.string() })
export type CreatedDevice = z.infer<typeof CreatedDeviceSchema>

export const DeviceListSchema = z.array(DeviceSchema)
export const DeviceIdParamsSchema = z.object({ id: IdSchema })

// ---- Device link (issue 25, point 5): the OAuth 2 device authorization grant (RFC 8628) -----------

export const DEVICE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code'
/** A user code: eight letters from an alphabet without vowels or look-alikes, shown as XXXX-XXXX. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ'

/** An OAuth parameter a device may send as it is: visible ASCII and spaces, bounded. */
const OAUTH_PARAM = z
  .string()
  .max(200, 'must be at most 200 characters')
  .regex(/^[\x20-\x7e]*$/, 'must be visible ASCII characters')

export const DeviceCodeInputSchema = z
  .object({
    /** How the device calls itself; it names the token the reader approves. */
    client_name: singleLineField(TOKEN_LIMITS.nameMax, `must be at most ${TOKEN_LIMITS.nameMax} characters`).max(TOKEN_LIMITS.nameMax).optional(),
    /** RFC 8628's client identifier, which OAuth libraries send; it names the device when client_name is absent. */
    client_id: OAUTH_PARAM.optional(),
    /** The scopes a device asks for (space-separated): a wish only, the reader chooses them when approving, and the token answer says what was granted. */
    scope: OAUTH_PARAM.optional(),
  })
  .strict()

export const DeviceCodeSchema = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.int(),
  interval: z.int(),
})

export const DeviceTokenInputSchema = z
  .object({
    grant_type: z.literal(DEVICE_GRANT_TYPE, { error: `must be ${DEVICE_GRANT_TYPE}` }),
    device_code: z.string().min(1, 'is required').max(200, 'is too long'),
    /** Sent by OAuth libraries with every token request; the device code alone names the request. */
    client_id: OAUTH_PARAM.optional(),
  })
  .strict()

export const DeviceTokenSchema = z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.int(), scope: z.string() })

export const DEVICE_GRANT_ERRORS = ['authorization_pending', 'slow_down', 'expired_token', 'access_denied', 'invalid_grant'] as const
/** RFC 8628's error answer, with this API's `{message, code}` beside it. */
export const DeviceGrantErrorSchema = z.object({
  error: z.enum(DEVICE_GRANT_ERRORS),
  error_description: z.string(),
  message: z.string(),
  code: z.literal('bad_request'),
})
/** A 400 of the token call: RFC 8628's answer, or a body that is not a token request at all. */
export const DeviceTokenRefusalSchema = z.union([DeviceGrantErrorSchema, ErrorBodySchema])

/** A user code as a reader types it: any case, with or without the hyphen or spaces. */
export const UserCodeSchema = z
  .string({ error: 'is required' })
  .max(20, 'is too long')
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
  .refine((v) => v.length === 8 && [...v].every((c) => USER_CODE_ALPHABET.includes(c)), 'must be the 8-letter code your device shows')

export const DeviceApproveInputSchema = z
  .object({
    user_code: UserCodeSchema,
    scopes: CreateTokenInputSchema.shape.scopes,
    expiresInDays: CreateTokenInputSchema.shape.expiresInDays,
  })
  .strict()
export type DeviceApproveInput = z.infer<typeof DeviceApproveInputSchema>
export const DeviceDenyInputSchema = z.object({ user_code: UserCodeSchema }).strict()
export const DeviceLinkAnswerSchema = z.object({ clientName: z.string(), status: z.enum(['approved', 'denied']) })
