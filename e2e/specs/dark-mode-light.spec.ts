import { describeNewerScreens } from '../support/dark-mode-screens.ts'

// The screens added with the dark theme (decision 0038) in the light scheme: support/dark-mode-screens.ts.
describeNewerScreens('light')
