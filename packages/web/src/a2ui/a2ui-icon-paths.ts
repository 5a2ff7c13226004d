import type { A2uiIconName } from '@drawbridge/protocol';

/**
 * The basic catalog's icons as stroked 24×24 paths (drawn with `currentColor`, so they take the theme's text
 * colour): no icon font to load, nothing fetched, and every name of the catalog has one.
 */
export const a2uiIconPaths: Readonly<Record<A2uiIconName, string>> = {
  accountCircle:
    'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20M12 7a3 3 0 1 0 0 6a3 3 0 1 0 0-6M6 18.5c1.5-2 3.6-3 6-3s4.5 1 6 3',
  add: 'M12 5v14M5 12h14',
  arrowBack: 'M19 12H5M11 6l-6 6l6 6',
  arrowForward: 'M5 12h14M13 6l6 6l-6 6',
  attachFile:
    'M16 6.5l-7.5 7.5a2 2 0 0 0 2.8 2.8L19 9.2a4 4 0 0 0-5.7-5.7L5.6 11.2a6 6 0 0 0 8.5 8.5L20 13.8',
  calendarToday: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  call: 'M5 4h4l2 5l-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  camera: 'M4 7h3l2-3h6l2 3h3v13H4zM12 10a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7',
  check: 'M5 12.5l4.5 4.5L19 7',
  close: 'M6 6l12 12M18 6L6 18',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  download: 'M12 4v11M7 10l5 5l5-5M5 20h14',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  event: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M14 14h3v3h-3z',
  error: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20M12 7v6M12 16.5v.5',
  fastForward: 'M4 6l8 6l-8 6zM12 6l8 6l-8 6z',
  favorite: 'M12 20s-8-4.8-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.2 12 20 12 20',
  favoriteOff: 'M12 20s-8-4.8-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.2 12 20 12 20M3 3l18 18',
  folder: 'M3 6h6l2 2h10v11H3z',
  help: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 16.5v.5',
  home: 'M4 11l8-7l8 7M6 9.5V20h12V9.5M10 20v-6h4v6',
  info: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20M12 11v6M12 7.5V8',
  locationOn:
    'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21M12 7a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4',
  lockOpen: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 7.5-2',
  mail: 'M3 5h18v14H3zM3 6l9 7l9-7',
  menu: 'M4 6h16M4 12h16M4 18h16',
  moreVert: 'M12 5v.5M12 12v.5M12 19v.5',
  moreHoriz: 'M5 12h.5M12 12h.5M19 12h.5',
  notificationsOff: 'M6 16V11a6 6 0 0 1 9-5.2M18 11v5l2 2H5M10 21h4M3 3l18 18',
  notifications: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  pause: 'M8 5v14M16 5v14',
  payment: 'M3 6h18v12H3zM3 10h18M7 15h4',
  person: 'M12 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8M4 21c1-4 4.2-6 8-6s7 2 8 6',
  phone: 'M7 2h10v20H7zM11 18h2',
  photo: 'M3 5h18v14H3zM3 16l5-5l4 4l3-3l6 6M15.5 8a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3',
  play: 'M7 4l13 8l-13 8z',
  print: 'M7 9V3h10v6M7 17H4V9h16v8h-3M7 14h10v7H7z',
  refresh: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5',
  rewind: 'M20 6l-8 6l8 6zM12 6l-8 6l8 6z',
  search: 'M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13M15.5 15.5L20 20',
  send: 'M3 11l18-8l-8 18l-2-8z',
  settings:
    'M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1',
  share:
    'M6 10a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5M18 3.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5M18 16a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5M8.2 11.3l7.6-4M8.2 13.7l7.6 4',
  shoppingCart: 'M3 4h3l2.5 11h10L21 7H7M9 20h.5M17 20h.5',
  skipNext: 'M5 5l10 7l-10 7zM19 5v14',
  skipPrevious: 'M19 5L9 12l10 7zM5 5v14',
  star: 'M12 3l2.8 5.8l6.2.9l-4.5 4.4l1.1 6.2L12 17.4l-5.6 2.9l1.1-6.2L3 9.7l6.2-.9z',
  starHalf: 'M12 3l2.8 5.8l6.2.9l-4.5 4.4l1.1 6.2L12 17.4l-5.6 2.9l1.1-6.2L3 9.7l6.2-.9zM12 3v14.4',
  starOff: 'M12 3l2.8 5.8l6.2.9l-4.5 4.4l1.1 6.2L12 17.4l-5.6 2.9l1.1-6.2L3 9.7l6.2-.9zM3 3l18 18',
  stop: 'M6 6h12v12H6z',
  upload: 'M12 20V9M7 14l5-5l5 5M5 4h14',
  visibility: 'M2 12s3.6-7 10-7s10 7 10 7s-3.6 7-10 7S2 12 2 12M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6',
  visibilityOff:
    'M2 12s3.6-7 10-7s10 7 10 7s-3.6 7-10 7S2 12 2 12M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6M3 3l18 18',
  volumeDown: 'M4 9h4l5-4v14l-5-4H4zM16.5 9.5a3.5 3.5 0 0 1 0 5',
  volumeMute: 'M4 9h4l5-4v14l-5-4H4z',
  volumeOff: 'M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6',
  volumeUp: 'M4 9h4l5-4v14l-5-4H4zM16.5 9.5a3.5 3.5 0 0 1 0 5M19 7a7 7 0 0 1 0 10',
  warning: 'M12 3l10 18H2zM12 10v5M12 18v.5',
};
