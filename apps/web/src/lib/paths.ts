/**
 * Every route of the app (spec section 2), once: the menus, the layout rules and every feature
 * link build their paths here, so a route renamed is renamed everywhere. The router
 * (app/router.tsx) declares the same paths as patterns.
 */
const segment = encodeURIComponent;
const returning = (path: string, returnTo?: string) =>
  returnTo ? `${path}?returnTo=${encodeURIComponent(returnTo)}` : path;

export const paths = {
  home: '/home',
  landing: '/',
  register: (returnTo?: string) => returning('/register', returnTo),
  signIn: (returnTo?: string) => returning('/signin', returnTo),
  profile: '/profile',
  profileEdit: '/profile/edit',
  changePassword: '/changepassword',
  cookiePolicy: '/cookie-policy',

  conversations: '/muses',
  thread: (conversationId: string) => `/muses/${segment(conversationId)}`,
  myMuses: '/muse',
  muse: (museId: string) => `/muse/${segment(museId)}`,
  museEdit: (museId: string) => `/muse/edit/${segment(museId)}`,

  interpret: '/interpret',
  plaza: (plazaId: string) => `/interpret/${segment(plazaId)}`,
  join: (code?: string) => (code ? `/interpret/join?code=${segment(code)}` : '/interpret/join'),

  connect: '/connect',
  connectRequests: '/connect?tab=requests',
  connectPerson: (personId: string) => `/connect/${segment(personId)}`,
  connectTrips: '/connect?tab=trips',
  connectTrip: (tripId: string) => `/connect/trips/${segment(tripId)}`,
  connectReports: '/connect/reports',
  person: '/person',
  place: '/place',
  thing: '/thing',
  account: '/account',
  subscribe: '/sub',
} as const;
