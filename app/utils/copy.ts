// Texts the spec fixes word for word, shared by pages, dialogs and tests.

export const DELETE_CONFIRM = {
  title: "Are you sure?",
  text: "This action cannot be undone!",
  confirmLabel: "Yes, delete it!",
  cancelLabel: "Cancel",
} as const;

export const LOGOUT_CONFIRM = {
  title: "Are you sure?",
  text: "You will be logged out of the dashboard.",
  confirmLabel: "Yes, log out",
  cancelLabel: "Cancel",
} as const;

export const TOAST_MS = 1500;
