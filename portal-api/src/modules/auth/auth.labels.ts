// docs/product.md §5 and §8 sentences of sign-in, codes, reset and approval, said by the server and shown by
// the auth screens. No imports (not even zod): the screens take them without a schema library.
export const AUTH_TEXTS = {
  notApproved: 'Please get approval from admin.',
  unknownRole: 'Unrecognized user role.',
  loggedIn: 'User login successfully!',
  invalidOtp: 'Invalid or expired OTP.',
  otpFormat: 'Please enter a valid 6-digit OTP.',
  resetRequired: 'All fields are required.',
  resetTooShort: 'Password must be at least 6 characters.',
  resetMismatch: 'Passwords do not match.',
  resetDone: 'Password reset successful!',
  approved: 'Admin approved successfully!',
} as const;

// The server's refusals of a request's token (separate constants, so a screen that
// imports AUTH_TEXTS does not carry them).
export const AUTH_REQUIRED = 'Authentication required.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const NOT_ALLOWED = 'You are not allowed to do this.';
