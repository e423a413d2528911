// Placeholder: the app-shell helper replaces this with the real toast host.
export default function ToastHost() {
  return null;
}
