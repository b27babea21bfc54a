import { z } from 'zod'
import { LIMITS } from '#/constants.ts'
import { singleLineField, withoutBidiControls } from '#/common.ts'
import { UserSchema, UsernameSchema, UserTypeSchema } from '#/users.ts'

const emailSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(254, 'is too long')
  .pipe(z.email({ error: 'must be a valid email address' }))
const passwordSchema = z
  .string({ error: 'is required' })
  .min(LIMITS.passwordMin, `must be at least ${LIMITS.passwordMin} characters long`)
  .max(LIMITS.passwordMax, `must be at most ${LIMITS.passwordMax} characters long`)

export const RegisterInputSchema = z.object({
  name: singleLineField(LIMITS.nameMax, `must be at most ${LIMITS.nameMax} characters`, { error: 'is required' })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, 'is required')
    .max(LIMITS.nameMax, `must be at most ${LIMITS.nameMax} characters`),
  username: UsernameSchema,
  email: emailSchema,
  password: passwordSchema,
  userType: UserTypeSchema,
})
export type RegisterInput = z.infer<typeof RegisterInputSchema>

export const LoginInputSchema = z.object({
  email: z.string({ error: 'is required' }).trim().toLowerCase().min(1, 'is required').max(254, 'is too long'),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(LIMITS.passwordMax, 'is too long'),
})
export type LoginInput = z.infer<typeof LoginInputSchema>

export const PasswordChangeInputSchema = z.object({
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(LIMITS.passwordMax, 'is too long'),
  newPassword: passwordSchema,
})
export type PasswordChangeInput = z.infer<typeof PasswordChangeInputSchema>

export const AuthResultSchema = z.object({ message: z.string(), token: z.string(), user: UserSchema })
export type AuthResult = z.infer<typeof AuthResultSchema>

export const MessageSchema = z.object({ message: z.string() })

/** What the token carries: the user id, its token version, a unique id, and `exp` in seconds. */
export const TokenPayloadSchema = z.object({ sub: z.string(), ver: z.int(), jti: z.string(), iat: z.number(), exp: z.number() })
export type TokenPayload = z.infer<typeof TokenPayloadSchema>

export const UploadResultSchema = z.object({ imageUrl: z.string() })
