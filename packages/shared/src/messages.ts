/**
 * Every user-facing message of the product (spec sections 5, 6 and 8), written once.
 * Server errors and screens both read from here, so the words cannot drift apart.
 */
export const MESSAGES = {
  validation: {
    invalidEmail: 'Invalid email address',
    passwordMin: 'Password must be at least 8 characters',
    passwordMax: 'Password must be less than 256 characters',
    usernameMin: 'Username must be at least 3 characters',
    usernameMax: 'Username must be less than 30 characters',
    usernameChars: 'Username can only contain letters, numbers, and underscores',
    fullNameRequired: 'Full name is required',
    fullNameMax: 'Full name must be less than 100 characters',
    userTypeRequired: 'Please select your role',
    bioMax: 'Bio must be less than 500 characters',
    postEmpty: 'Post content cannot be empty',
    postMax: 'Post must be less than 2000 characters',
    sportRequired: 'Please select a sport',
    commentEmpty: 'Comment cannot be empty',
    commentMax: 'Comment must be less than 500 characters',
    messageMax: 'Message must be less than 500 characters',
    messageEmpty: 'Please enter a message or attach media',
    conversationRequired: 'Please select a conversation first',
  },
  auth: {
    invalidCredentials: 'Invalid login credentials',
    /** What the login screen shows for `invalidCredentials`. */
    invalidCredentialsToast: 'Invalid email or password',
    emailTaken: 'This email is already registered',
    usernameTaken: 'Username already taken',
    signedIn: 'Welcome back!',
    signedUp: 'Account created successfully!',
    signInRequired: 'Please sign in to continue.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    tooManyFailedSignIns:
      'Too many failed sign-in attempts for this account. Please try again in 15 minutes.',
  },
  rateLimited: 'Too many requests. Please slow down and try again in a moment.',
  notFound: 'Not found',
  profileNotFound: 'Profile not found',
  adminOnly: 'Access denied. Admin only.',
  invalidRequest: 'The request is not valid.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'Unsupported media type.',
  internal: 'Something went wrong on our side. Please try again.',
  /** The browser could not reach the server at all (offline, DNS, server down). */
  network: 'Could not reach Arena. Check your connection and try again.',
} as const;
