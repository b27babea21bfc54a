import { useId, useState, type FormEvent } from 'react'
import Box from '@mui/material/Box'
import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { DEVICE_LIMITS, type CreatedDevice, type Device } from '@shelfwise/contracts'
import { errorMessage, FALLBACK_ERROR } from '#/lib/api-client.ts'
import { formatFullDate } from '#/lib/format.ts'
import { RemovableCard } from '#/components/removable-card.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useCreateDevice, useDevices, useRemoveDevice, useSaveSyncSettings, useSyncSettings } from '#/features/developers/api/tokens.ts'
import { CopyField } from '#/features/developers/components/copy-field.tsx'
import { DEV_TEXT } from '#/features/developers/components/developer-texts.ts'
import { FormCard } from '#/components/form-card.tsx'
import { QueryList } from '#/components/query-list.tsx'
import { PanelSection } from '#/components/panel-section.tsx'
import { ShownOnce } from '#/components/shown-once.tsx'

/** The URL a reader types into KOReader: this site's origin and /kosync. */
const kosyncUrl = () => `${window.location.origin}/kosync`

/** KOReader's setup in three steps, with the values to type; the password only right after adding. */
function Setup({ device }: { device: CreatedDevice }) {
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <li>
        <Typography sx={{ mb: 1 }}>{DEV_TEXT.step1}</Typography>
        <CopyField label={DEV_TEXT.serverUrl} value={kosyncUrl()} />
      </li>
      <li>
        <Typography sx={{ mb: 1 }}>{DEV_TEXT.step2}</Typography>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <CopyField label={DEV_TEXT.username} value={device.username} />
          <CopyField label={DEV_TEXT.password} value={device.password} />
        </Box>
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
          {DEV_TEXT.passwordWarning}
        </Typography>
      </li>
      <li>
        <Typography>{DEV_TEXT.step3}</Typography>
      </li>
    </Box>
  )
}

function DeviceCard({ device }: { device: Device }) {
  const remove = useRemoveDevice()
  return (
    <RemovableCard
      name={device.name}
      end={{
        label: DEV_TEXT.remove,
        busyLabel: DEV_TEXT.removing,
        title: DEV_TEXT.removeTitle,
        body: DEV_TEXT.removeBody(device.name),
        state: remove,
        run: (done) => remove.mutate(device._id, { onSuccess: done }),
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {DEV_TEXT.username} {device.username} · {DEV_TEXT.created} {formatFullDate(device.createdAt)} ·{' '}
        {device.lastUsedAt ? `${DEV_TEXT.lastUsed} ${formatFullDate(device.lastUsedAt)}` : DEV_TEXT.neverUsed}
      </Typography>
    </RemovableCard>
  )
}

/** The sync setting (issue 25, point 3): whether a device at a book's end finishes the read. */
function FinishAtEnd() {
  const id = useId()
  const settings = useSyncSettings()
  const save = useSaveSyncSettings()
  if (!settings.data) return null
  const checked = save.isPending && save.variables ? save.variables.finishAtEnd : settings.data.finishAtEnd
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <FormControlLabel
        control={
          <Switch checked={checked} onChange={(_e, on) => save.mutate({ finishAtEnd: on })} slotProps={{ input: { 'aria-describedby': `${id}-help` } }} />
        }
        label={DEV_TEXT.finishAtEnd}
        sx={{ mr: 0, alignItems: 'flex-start', '& .MuiFormControlLabel-label': { pt: 1 } }}
      />
      <Typography id={`${id}-help`} variant="body2" sx={{ color: 'text.secondary', maxWidth: '75ch' }}>
        {DEV_TEXT.finishAtEndHelp}
      </Typography>
      {save.isError && <ErrorAlert>{DEV_TEXT.finishAtEndError}</ErrorAlert>}
    </Box>
  )
}

/** KOReader devices (issue 25, point 4 on the web): add one and see how to set it up, the list, remove. */
export function DevicesSection() {
  const devices = useDevices()
  const create = useCreateDevice()
  const [name, setName] = useState('')
  const [created, setCreated] = useState<CreatedDevice | null>(null)
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault()
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (made) => {
          setName('')
          setCreated(made)
        },
      },
    )
  }
  return (
    <PanelSection id="devices" title={DEV_TEXT.devices} intro={DEV_TEXT.devicesIntro}>
      <FinishAtEnd />
      {created && (
        <ShownOnce title={created.name} doneLabel={DEV_TEXT.done} onDone={() => setCreated(null)}>
          <Setup device={created} />
        </ShownOnce>
      )}
      <QueryList query={devices} label={DEV_TEXT.yourDevices} empty={DEV_TEXT.noDevices} error={DEV_TEXT.listError}>
        {(d) => <DeviceCard key={d._id} device={d} />}
      </QueryList>
      <FormCard
        title={DEV_TEXT.addDevice}
        onSubmit={handleSubmit}
        error={create.isError ? errorMessage(create.error, FALLBACK_ERROR) : null}
        submit={{ label: DEV_TEXT.addDevice, busyLabel: DEV_TEXT.adding, isBusy: create.isPending }}
      >
        <TextField
          label={DEV_TEXT.deviceName}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: DEVICE_LIMITS.nameMax, autoComplete: 'off' } }}
        />
      </FormCard>
    </PanelSection>
  )
}
