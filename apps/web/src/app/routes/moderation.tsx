import { PageFrame, SignedIn } from '#/components/page-frame.tsx'
import { ModerationQueue, MODERATION_TEXT } from '#/features/safety/components/moderation-queue.tsx'

/** The moderators' queue (decision 0058); anyone else is told by the server that only moderators may. */
export function ModerationRoute() {
  return (
    <PageFrame title={MODERATION_TEXT.title}>
      <SignedIn signIn="Sign in">
        <ModerationQueue />
      </SignedIn>
    </PageFrame>
  )
}
