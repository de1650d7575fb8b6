/** Every route of spec section 2, in one place. */
export const paths = {
  home: '/',
  homeAlias: '/home',
  landingHome: '/landinghome',
  register: '/register',
  signIn: '/signin',
  profile: '/profile',
  profileEdit: '/profile/edit',
  changePassword: '/changepassword',
  person: '/person',
  place: '/place',
  thing: '/thing',
  account: '/account',
  accountPage: '/account/page',
  muses: '/muses',
  interpret: '/interpret',
  connect: '/connect',
  subscribe: '/sub',
  cookiePolicy: '/cookie-policy',
  debugPersons: '/debug/persons',
  debugClaims: '/debug/claims',
} as const;

/** Spec section 2: a tighter layout on these screens. */
export function isCompactPath(pathname: string): boolean {
  const first = pathname.toLowerCase().split('/')[1] ?? '';
  return ['person', 'place', 'thing', 'account', 'muse'].includes(first) || /^(muses|interpret|connect)/.test(first);
}
