/** Every user-facing text the spec fixes (sections 4 and 8), in one place. */
export const MESSAGES = {
  enrollment: {
    failed: "Failed to submit enrollment. Please try again.",
    confirmedTitle: "Enrollment Confirmed!",
    enrollNow: (grade: string) => `Enroll Now for ${grade}`,
    /** `formattedFee` as formatRupees writes it, e.g. "₹15,000". */
    confirmButton: (formattedFee: string) => `Confirm Enrollment (${formattedFee})`,
    /** The fee the parent saw is not the grade's fee now (the school changed it meanwhile). */
    feeChanged: (grade: string, formattedFee: string) =>
      `The fee for ${grade} is ${formattedFee}. Please refresh the page and try again.`,
    paymentFailed: "The payment could not be completed. No money was taken; please try again.",
    /** Every open seat of the grade is taken or held (issue 38): the order is not made. */
    noSeat: (grade: string) =>
      `${grade} has no free seat just now. Please apply for admission: we will put the application on the grade's waitlist and offer a seat as soon as one frees.`,
    /** The order's seat is no longer held for it: its offer ended, or the grade filled meanwhile. */
    seatGone: (grade: string) =>
      `The seat in ${grade} is no longer held for this order, so it cannot be paid now. Please apply for admission to join the grade's waitlist.`,
  },
  home: {
    viewAllBlogs: "View All Blogs",
    apply: "APPLY FOR ADMISSION",
  },
  application: {
    failed: "An unexpected error occurred. Please try again.",
    success: "Application submitted successfully! We will get in touch with you soon.",
    statusFailed: "Failed to update status. Please try again.",
    listFailed: "Failed to fetch applications.",
    empty: "No Applications Yet",
  },
  demo: {
    failed: "An error occurred. Please try again.",
    success: "Demo request submitted! We will contact you shortly to confirm.",
    statusFailed: "Failed to update status. Reverting changes.",
    listFailed: "Failed to fetch demo requests.",
    empty: "No Demo Requests Yet",
  },
  /** The Teachers page's registration and its admin screen (issue 18). */
  teacher: {
    failed: "An unexpected error occurred. Please try again.",
    success: "Thank you! Your registration has been sent. We will read it and get in touch with you soon.",
    statusFailed: "Failed to update status. Please try again.",
    listFailed: "Failed to fetch teacher applications.",
    empty: "No Teacher Applications Yet",
    notFound: "Teacher application not found.",
    noCv: "This teacher application has no CV.",
    cvNotPdf: "Please choose a PDF file for your CV. This file is not a PDF, whatever its name says.",
    /** `megabytes`: MAX_CV_BYTES in MB. */
    cvTooLarge: (megabytes: number) =>
      `Your CV is larger than ${megabytes} MB. Please choose a smaller PDF file, or send the form without it.`,
  },
  auth: {
    loginFailed: "Login failed. Please check your credentials.",
    registerFailed: "Registration failed. Please try again.",
    passwordsDoNotMatch: "Passwords do not match.",
    invalidCredentials: "Invalid email or password.",
    accountDisabled: "This account has been disabled. Please contact the school.",
    emailTaken: "An account with this email already exists.",
    signInRequired: "Please log in to continue.",
    forbidden: "You do not have permission to do this.",
    /** The same answer whether or not the address has an account (no enumeration). */
    resetRequested: (minutes: number | string) =>
      `If an account uses this email address, a link to choose a new password is on its way. It works once, for ${minutes} minutes. Check your spam folder if it has not arrived in a few minutes.`,
    resetLinkInvalid:
      "This password reset link is not valid: it has expired, was already used, or a newer link replaced it.",
    passwordChanged: "Your password has been changed. You are signed in; other devices have been signed out.",
    wrongCurrentPassword: "Your current password is not correct.",
    /** A new password's bounds (app/domain/limits.ts), wherever one is chosen. */
    passwordTooShort: (characters: number | string) =>
      `Your password must be at least ${characters} characters long.`,
    passwordTooLong: (characters: number | string) =>
      `Your password must be at most ${characters} characters long.`,
  },
  /** The e-mail verification link and the profile's records (issue 18). */
  verifyEmail: {
    verified: (email: string) =>
      `Thank you: ${email} is verified. Applications, demo requests and payments sent from this address are on your profile.`,
    alreadyVerified: (email: string) => `${email} is already verified.`,
    linkInvalid:
      "This verification link does not work: it has expired, was already used, or a newer link replaced it.",
    howToGetNew: "Log in and choose “Send the link again” on your profile, and we will mail you a new link.",
    sent: (email: string) =>
      `We sent a new link to ${email}. It may take a few minutes to arrive; check your spam folder too.`,
    tooSoon: "We sent you a link less than a minute ago. Please wait a minute before asking for another.",
    tooMany: "You have asked for five links in the last hour. Please use the newest one, or try again later.",
  },
  users: {
    errorHeading: "An Error Occurred",
    listFailed: "Failed to fetch users.",
    empty: "No registered users found.",
    /** Staff managing accounts (issue 19). */
    notFound: "That account no longer exists.",
    lastAdmin: "The last active admin cannot be removed or disabled. Make another account ADMIN first.",
    notYourself: "You cannot disable your own account.",
    changeFailed: "Failed to update the account. Please try again.",
    madeAdmin: (name: string) => `${name} is now an ADMIN.`,
    madeUser: (name: string) => `${name} is no longer an ADMIN.`,
    disabled: (name: string) => `${name}'s account is disabled and signed out everywhere.`,
    enabled: (name: string) => `${name}'s account can be used again.`,
  },
  details: {
    loadFailed: "Failed to load company details.",
    saveFailed: "Failed to save details. Please try again.",
    saved: "Company details updated successfully!",
    loading: "Loading...",
  },
  seats: {
    loadFailed: "Failed to load the seats. Please try again later.",
    historyFailed: "Failed to load the recent seat changes.",
    saveFailed: "Failed to save the seats. Please correct the numbers shown and try again.",
    saved: (grade: string, seats: number, reserved: number) =>
      `${grade}: ${seats} seats, ${reserved} reserved.`,
  },
  orders: {
    listFailed: "Failed to fetch orders. Please try again later.",
    empty: "No successful orders found.",
  },
  blog: {
    deleteFailed: "Failed to delete post.",
    saveFailed: "Failed to save post.",
    deleteConfirm: "Are you sure you want to delete this blog post? This action cannot be undone.",
    empty: "No Blog Posts Found",
    notFound: "Post not found.",
    created: "Blog post added.",
    updated: "Blog post saved.",
    deleted: "Blog post deleted.",
  },
  courses: {
    saveFailed: "Error saving course.",
    deleteFailed: "Error deleting course.",
    deleteConfirm: "Are you sure you want to delete this course?",
    empty: "No courses available at the moment.",
    notFound: "Course not found.",
    keepImage: "Leave blank to keep existing",
    created: "Course added.",
    updated: "Course saved.",
    deleted: "Course deleted.",
  },
  content: {
    bookDemo: "BOOK A DEMO",
    earlyYearsHero: "Your child's first school, delivered @home",
    teacherForm: "Teacher Registration",
  },
  /** A page that cannot be shown: the public site (app/components/site-error.tsx) and the admin area. */
  errorPage: {
    notFoundTitle: "We couldn't find that page",
    notFoundText: "The page may have moved, or the link may be mistyped.",
    failedTitle: "Something went wrong",
    failedText:
      "Sorry, we couldn't show this page just now. Please try again in a moment, or contact the school.",
    adminNotFoundTitle: "Page not found",
    adminNotFoundText: "This admin page does not exist. Choose a screen from the menu.",
    adminFailedText: "Sorry, this screen could not be shown just now. Please try again in a moment.",
    modalNotFoundTitle: "Not found",
    modalFailedText: "Sorry, this could not be opened just now. Please try again in a moment.",
  },
  generic: {
    notFound: "Not found",
    validation: "Please check the highlighted fields.",
    serverError: "Something went wrong on our side. Please try again.",
    unreadableRequest:
      "The address may be broken or mistyped. Please check it, or start again from the home page.",
    unavailable: "The service is temporarily unavailable. Please try again in a moment.",
    tooManyRequests: "Too many attempts. Please wait a minute and try again.",
    botCheck: "We could not accept this form just yet. Please check your details and send it again.",
    /** A public form sent sooner than a person usually can: shown again, values kept (decision 0032). */
    sendAgain: "Please check your details and send the form again.",
    foreignOrigin:
      "This form was sent from another website, so we did not accept it. Please open the page on our site and try again.",
    tooLarge: "That was more than this form accepts. Please shorten what you entered and try again.",
    /** A multipart body that cannot be read (cut short, no boundary, a part without a name). */
    malformedUpload: "The upload was incomplete or malformed. Please try again.",
  },
} as const;
