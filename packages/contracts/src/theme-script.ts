/**
 * The page's one inline script (web: index.html's head, put there by the build; api: allowed by its
 * sha256 in the Content-Security-Policy, nothing else inline runs). Before the first paint it picks
 * the colour scheme: the reader's stored choice (`THEME_STORAGE_KEY`: 'light' or 'dark'), else the
 * system's, and marks it on <html> (data-theme, color-scheme) for the page's first CSS and the app.
 */
export const THEME_STORAGE_KEY = 'shelfwise-theme'

export const THEME_SCRIPT = `(function(){var d=document.documentElement,c=null;try{c=localStorage.getItem("${THEME_STORAGE_KEY}")}catch(e){}var m=c==="dark"||c==="light"?c:window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";d.setAttribute("data-theme",m);d.style.colorScheme=m})()`
