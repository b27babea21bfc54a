import Avatar from '@mui/material/Avatar'

/** The signed-in reader's picture on the top bar's profile button. */
export default function TopBarAvatar({ src, alt }: { src: string; alt: string }) {
  return <Avatar src={src} alt={alt} sx={{ width: 32, height: 32 }} />
}
