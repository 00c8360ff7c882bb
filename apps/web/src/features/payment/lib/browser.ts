/** Leaves the single-page app (a UPI app link or another site). Its own module so tests can replace it. */
export function redirectBrowser(url: string): void {
  window.location.assign(url);
}

/** Submits a real form so the browser navigates with a POST (the gateway's page). */
export function submitForm(form: HTMLFormElement): void {
  form.submit();
}
