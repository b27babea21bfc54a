import { paths } from '#/config/paths.ts'

export const mainLinks = [
  { label: 'Home', to: paths.home.href() },
  { label: 'Browse', to: paths.browse.href() },
  { label: 'About', to: paths.about.href() },
] as const

export const allLinks = [...mainLinks, { label: 'Profile', to: paths.profile.href() }] as const
