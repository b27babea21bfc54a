import type { Db } from '#/db/portable.ts'

// Moderators (decision 0030): a role on the account, given and taken back from the command line by
// whoever runs the server (`npm run moderator -- add EMAIL`, `remove EMAIL`, `list`). No API call
// makes a moderator: a stolen session must not be able to make more of them.

export type ModeratorCommand = { action: 'add' | 'remove'; email: string } | { action: 'list' }

export const MODERATOR_USAGE = 'Usage: npm run moderator -- add EMAIL | remove EMAIL | list'

/** The command the arguments say, or undefined when they say none (the usage is printed then). */
export function moderatorCommand(args: readonly string[]): ModeratorCommand | undefined {
  const [action, email, ...rest] = args
  if (action === 'list' && email === undefined) return { action }
  if ((action === 'add' || action === 'remove') && email?.includes('@') && !rest.length) return { action, email: email.trim().toLowerCase() }
  return undefined
}

/** Runs a command; answers the line to print and whether it did what it was asked. */
export async function runModeratorCommand(db: Db, command: ModeratorCommand): Promise<{ ok: boolean; message: string }> {
  if (command.action === 'list') {
    const rows = await db.selectFrom('users').select(['email', 'username']).where('role', '=', 'moderator').orderBy('email').execute()
    return { ok: true, message: rows.length ? rows.map((r) => `${r.email} (${r.username})`).join('\n') : 'No moderators yet.' }
  }
  const role = command.action === 'add' ? 'moderator' : 'reader'
  const user = await db.selectFrom('users').select(['id', 'role']).where('email', '=', command.email).executeTakeFirst()
  if (!user) return { ok: false, message: `No account has the e-mail ${command.email}.` }
  if (user.role === role)
    return { ok: true, message: `${command.email} ${role === 'moderator' ? 'is already a moderator' : 'is not a moderator'}; nothing changed.` }
  await db.updateTable('users').set({ role }).where('id', '=', user.id).execute()
  return { ok: true, message: `${command.email} ${role === 'moderator' ? 'is now a moderator' : 'is no longer a moderator'}.` }
}
