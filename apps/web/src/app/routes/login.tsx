import { useState, type FormEvent, type ReactNode } from 'react'
import { Navigate, useLocation, useNavigate } from '#/lib/router/react.tsx'
import type { Location } from '#/lib/router/router.ts'
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { LoginInputSchema, RegisterInputSchema, USER_TYPES } from '@shelfwise/contracts'
import { ALL_FIELDS_REQUIRED, checkSignUp, type SignUpValues } from '#/features/auth/sign-up-check.ts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { ApiError } from '#/lib/api-client.ts'
import { formResolver } from '#/lib/form-resolver.ts'
import { useFormSubmit } from '#/lib/form-submit.ts'
import { FormTextField } from '#/components/form-text-field.tsx'
import { useLogin } from '#/features/auth/api/login.ts'
import { useRegister } from '#/features/auth/api/register.ts'

export const LOGIN_FALLBACK_ERROR = 'An error occurred. Please try again.'

const serverMessage = (err: unknown) => (err instanceof ApiError && err.fromServer ? err.message : LOGIN_FALLBACK_ERROR)

/** Where to go after signing in: the page the reader came from (navigation state), else Home. */
function useReturnTo(): string {
  const location = useLocation()
  const from = (location.state as { from?: Partial<Location> | string } | null)?.from
  if (typeof from === 'string') return from
  if (from?.pathname && from.pathname !== paths.login.href()) return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
  return paths.home.href()
}

interface LoginValues {
  email: string
  password: string
}

/** Either tab's form: what went wrong above the fields, the fields, and its submit button. */
function AuthForm({
  message,
  onSubmit,
  submit,
  busyLabel,
  isBusy,
  children,
}: {
  message: string | null | undefined
  onSubmit: (e: FormEvent) => void
  submit: string
  busyLabel: string
  isBusy: boolean
  children: ReactNode
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
      {message && (
        <Alert severity="error">
          {/* The sign-up's sentences, one a line. */}
          {message.split('\n').map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
      {children}
      <Button type="submit" variant="contained" size="large" disabled={isBusy}>
        {isBusy ? busyLabel : submit}
      </Button>
    </Box>
  )
}

function LoginForm({ onDone }: { onDone: () => void }) {
  const { login } = useAuth()
  const mutation = useLogin()
  const form = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
    resolver: formResolver<LoginValues>((v) => (!v.email.trim() || !v.password ? ALL_FIELDS_REQUIRED : undefined), LoginInputSchema),
  })
  const { control } = form
  const { message, onSubmit } = useFormSubmit(
    form,
    async (values) => {
      const res = await mutation.mutateAsync({ email: values.email.trim(), password: values.password })
      login(res.token, res.user)
      onDone()
    },
    serverMessage,
  )
  return (
    <AuthForm message={message} onSubmit={onSubmit} submit="Login" busyLabel="Signing in..." isBusy={mutation.isPending}>
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" fullWidth />
      <FormTextField control={control} name="password" label="Password" type="password" autoComplete="current-password" fullWidth />
    </AuthForm>
  )
}

// Every problem at once, each beside its field; the spec's sentences above the fields (issue 22).
const signUpResolver: Resolver<SignUpValues> = async (values) => {
  const { summary, fields } = checkSignUp(values)
  if (!summary.length && !Object.keys(fields).length) return { values, errors: {} }
  const errors: FieldErrors<SignUpValues> = {}
  for (const [f, message] of Object.entries(fields) as [keyof SignUpValues, string][]) errors[f] = { type: 'validate', message }
  return { values: {}, errors: summary.length ? { ...errors, root: { type: 'form', message: summary.join('\n') } } : errors } as never
}

function SignUpForm({ onDone }: { onDone: () => void }) {
  const { login } = useAuth()
  const mutation = useRegister()
  const form = useForm<SignUpValues>({
    defaultValues: { name: '', username: '', userType: 'Reader', email: '', password: '', confirmPassword: '' },
    resolver: signUpResolver,
  })
  const { control } = form
  const { message, onSubmit } = useFormSubmit(
    form,
    async (v) => {
      const res = await mutation.mutateAsync(RegisterInputSchema.parse(v))
      login(res.token, res.user)
      onDone()
    },
    serverMessage,
  )
  return (
    <AuthForm message={message} onSubmit={onSubmit} submit="Sign Up" busyLabel="Creating account..." isBusy={mutation.isPending}>
      <FormTextField control={control} name="name" label="Full Name" autoComplete="name" fullWidth />
      <FormTextField control={control} name="username" label="Username" autoComplete="username" fullWidth />
      <FormTextField control={control} name="userType" label="Account Type" select fullWidth slotProps={{ select: { native: true } }}>
        {USER_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </FormTextField>
      <FormTextField control={control} name="email" label="Email Address" type="email" autoComplete="email" fullWidth />
      <FormTextField control={control} name="password" label="Password" type="password" autoComplete="new-password" fullWidth />
      <FormTextField control={control} name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" fullWidth />
    </AuthForm>
  )
}

export function LoginRoute() {
  // '/login?tab=signup' (About's 'Sign Up') opens on the Sign Up tab.
  const { search } = useLocation()
  const [tab, setTab] = useState(new URLSearchParams(search).get('tab') === 'signup' ? 1 : 0)
  useDocumentTitle(tab === 0 ? 'Login' : 'Sign Up')
  const navigate = useNavigate()
  const returnTo = useReturnTo()
  const onDone = () => navigate(returnTo, { replace: true })
  // A reader already signed in when they arrive has nothing to do here: their profile instead
  // (as they arrived; signing in on this page goes on to where they came from, above). A token
  // without the reader it belongs to is not signed in for this: the profile would answer "Please
  // login to view your profile" and send them back here, round and round.
  const { isAuthenticated, user } = useAuth()
  const [signedInOnArrival] = useState(isAuthenticated && user !== null)
  if (signedInOnArrival) return <Navigate to={paths.profile.href()} replace />
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1, textAlign: 'center' }}>
          {tab === 0 ? 'Welcome back' : 'Join Shelfwise'}
        </Typography>
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="fullWidth" sx={{ mb: 3 }} aria-label="Login or sign up">
          <Tab label="Login" id="auth-tab-0" aria-controls="auth-panel-0" />
          <Tab label="Sign Up" id="auth-tab-1" aria-controls="auth-panel-1" />
        </Tabs>
        <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
          {tab === 0 ? <LoginForm onDone={onDone} /> : <SignUpForm onDone={onDone} />}
        </div>
      </Paper>
    </Container>
  )
}
