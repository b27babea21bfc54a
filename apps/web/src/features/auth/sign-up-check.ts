import { RegisterInputSchema } from '@shelfwise/contracts'

// Sign-up's checks (issue 22): every problem at once, each beside its field, and above the fields
// the spec's sentences that apply, word for word.

export const ALL_FIELDS_REQUIRED = 'All fields are required'
const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
const NAME_USERNAME_TYPE_REQUIRED = 'Name, username, and account type are required'

export interface SignUpValues {
  name: string
  username: string
  userType: string
  email: string
  password: string
  confirmPassword: string
}

type SignUpField = keyof SignUpValues

/** The fields as the form labels them, in the form's order. */
const SIGN_UP_LABELS: Record<SignUpField, string> = {
  name: 'Full Name',
  username: 'Username',
  userType: 'Account Type',
  email: 'Email Address',
  password: 'Password',
  confirmPassword: 'Confirm Password',
}

export interface SignUpProblems {
  /** The spec's sentences that apply, in the spec's order. */
  summary: string[]
  /** One sentence per field that is wrong. */
  fields: Partial<Record<SignUpField, string>>
}

export function checkSignUp(v: SignUpValues): SignUpProblems {
  const fields: SignUpProblems['fields'] = {}
  for (const f of Object.keys(SIGN_UP_LABELS) as SignUpField[]) {
    if (!v[f].trim()) fields[f] = `${SIGN_UP_LABELS[f]} is required`
  }
  // What the shared contract refuses (a malformed username or email, a short password), field by field.
  const parsed = RegisterInputSchema.safeParse(v)
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const f = issue.path[0] as SignUpField
    if (f in SIGN_UP_LABELS) fields[f] ??= `${SIGN_UP_LABELS[f]} ${issue.message}`
  }
  const isMismatch = v.password !== v.confirmPassword
  if (isMismatch) fields.confirmPassword ??= PASSWORDS_DO_NOT_MATCH
  // In the order the spec's client checked them.
  const summary: string[] = []
  if (isMismatch) summary.push(PASSWORDS_DO_NOT_MATCH)
  if (!v.name.trim() || !v.username.trim() || !v.userType) summary.push(NAME_USERNAME_TYPE_REQUIRED)
  if (!v.email.trim() || !v.password) summary.push(ALL_FIELDS_REQUIRED)
  return { summary, fields }
}
