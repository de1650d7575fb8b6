/**
 * Every route of the app (spec section 2), once: the menus, the layout rules and every feature
 * link build their paths here, so a route renamed is renamed everywhere. The router
 * (app/router.tsx) declares the same paths as patterns.
 */
const segment = encodeURIComponent;
/** A city of the list as links carry it: its id, and its name and country to show before any lookup. */
interface CityParam {
  id: number;
  name: string;
  country: string;
}
const returning = (path: string, returnTo?: string) =>
  returnTo ? `${path}?returnTo=${encodeURIComponent(returnTo)}` : path;

export const paths = {
  home: '/home',
  landing: '/',
  register: (returnTo?: string) => returning('/register', returnTo),
  signIn: (returnTo?: string) => returning('/signin', returnTo),
  profile: '/profile',
  profileEdit: '/profile/edit',
  /** `returnTo`: where a member held at a one-time password was going. */
  changePassword: (returnTo?: string) => returning('/changepassword', returnTo),
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
  notifications: '/notifications',
  /** What I may write a reference about now, and the references written about me. */
  references: '/references',
  /** Where each kind of notification reaches me (push, email), and push on this device. */
  notificationSettings: '/notifications/settings',
  forgotPassword: '/forgot-password',
  outgoingMail: '/admin/mail',
  connectPerson: (personId: string) => `/connect/${segment(personId)}`,
  connectTrips: '/connect?tab=trips',
  connectTrip: (tripId: string) => `/connect/trips/${segment(tripId)}`,
  connectReports: '/connect/reports',
  /** Discovery filtered to a city (connect's filters read `city`, `cityName`, `cityCountry`). */
  connectInCity: (city: CityParam) =>
    `/connect?${new URLSearchParams({ city: String(city.id), cityName: city.name, cityCountry: city.country })}`,
  /** The Trips tab with a new trip's form open at a city. */
  connectPlanTrip: (city: CityParam) =>
    `/connect?${new URLSearchParams({ tab: 'trips', planCity: String(city.id), planCityName: city.name, planCityCountry: city.country })}`,

  person: '/person',
  personAdd: '/person/add',
  personDetail: (id: string) => `/person/${segment(id)}`,
  personEdit: (id: string) => `/person/edit/${segment(id)}`,
  place: '/place',
  placeAdd: '/place/add',
  placeDetail: (id: string) => `/place/${segment(id)}`,
  placeEdit: (id: string) => `/place/edit/${segment(id)}`,
  thing: '/thing',
  thingAdd: '/thing/add',
  thingDetail: (id: string) => `/thing/${segment(id)}`,
  thingEdit: (id: string) => `/thing/edit/${segment(id)}`,
  account: '/account',
  /** The accounts list (superadmins) narrowed to one tenant. */
  accountsIn: (tenant: string) => `/account?${new URLSearchParams({ tenant })}`,
  accountAdd: '/account/add',
  accountDetail: (id: string) => `/account/${segment(id)}`,
  accountEdit: (id: string) => `/account/edit/${segment(id)}`,
  /** The member's own page: profile summary, subscription, balances, latest transactions. */
  accountPage: '/account/page',
  accountTransactions: (accountId: string) => `/accountTransaction/${segment(accountId)}`,
  subscribe: '/sub',

  /** My orders: what I buy, or what others order from me; without a side, the one where something waits. */
  orders: (tab?: 'buying' | 'selling') => (tab ? `/orders?tab=${tab}` : '/orders'),
  /**
   * Ordering another member's offered thing. The owner's username comes along because the API
   * reads offered things by owner (GET /api/things?owner=), not one by id.
   */
  orderAdd: (thingId: string, owner: string) => `/order/add?${new URLSearchParams({ thing: thingId, owner })}`,
  order: (orderId: string) => `/order/${segment(orderId)}`,
  orderEdit: (orderId: string) => `/order/edit/${segment(orderId)}`,
  /** Choosing how to pay an accepted order or a subscription (the payable's id: the order's or the subscription's). */
  selectPayment: (payableId: string) => `/select-payment/${segment(payableId)}`,
  /** One payment: the sandbox's card form, or where a Stripe or PayPal payment stands (`return`, `cancel`: back from it). */
  pay: (paymentId: string) => `/pay/${segment(paymentId)}`,
} as const;
