import type { Kysely } from 'kysely'
import type { Db } from '#/db/portable.ts'
import type { Database } from '#/db/schema.ts'

/** The tables that keep a reader's switch as one row naming two ids and when it was set. */
type PairTable = 'blocks' | 'userMutes' | 'bookMutes' | 'reviewLikes' | 'commentLikes'

/**
 * A switch kept as one row naming two ids (a block, a mute, a like), its primary key the two columns:
 * `on` adds the row once however often it is asked, `off` takes it away; each answers whether it
 * changed anything (false: the row was already there, or was not).
 */
export function pairRows<T extends PairTable>(table: T, columns: readonly [keyof Database[T] & string, keyof Database[T] & string]) {
  // Built untyped: the two columns are checked against the table above.
  const [name, x, y]: [string, string, string] = [table, ...columns]
  const on = async (db: Db, a: string, b: string, at: string): Promise<boolean> => {
    const row = await (db as Kysely<any>)
      .insertInto(name)
      .values({ [x]: a, [y]: b, createdAt: at })
      .onConflict((oc) => oc.columns([x, y]).doNothing())
      .returning(y)
      .executeTakeFirst()
    return row !== undefined
  }
  const off = async (db: Db, a: string, b: string): Promise<boolean> => {
    const row = await (db as Kysely<any>).deleteFrom(name).where(x, '=', a).where(y, '=', b).returning(y).executeTakeFirst()
    return row !== undefined
  }
  return { on, off }
}
