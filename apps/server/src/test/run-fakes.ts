// The fake Razorpay and Shiprocket as a process of their own, for the browser journeys: e2e's
// global setup starts this with tsx (the journeys import nothing from the apps) and the store
// server is pointed at the URLs it prints. The credentials come from the environment, the same
// ones the store server is given:
//   FAKE_RAZORPAY_KEY_ID, FAKE_RAZORPAY_KEY_SECRET, FAKE_RAZORPAY_WEBHOOK_SECRET,
//   FAKE_SHIPROCKET_EMAIL, FAKE_SHIPROCKET_PASSWORD
// It prints one line of JSON, { "razorpay": url, "shiprocket": url }, and runs until SIGTERM.
import { startFakeRazorpay } from './fake-razorpay';
import { startFakeShiprocket } from './fake-shiprocket';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`run-fakes: set ${name}`);
    process.exit(2);
  }
  return value;
}

const razorpay = await startFakeRazorpay(
  required('FAKE_RAZORPAY_KEY_ID'),
  required('FAKE_RAZORPAY_KEY_SECRET'),
  required('FAKE_RAZORPAY_WEBHOOK_SECRET'),
);
const shiprocket = await startFakeShiprocket(
  required('FAKE_SHIPROCKET_EMAIL'),
  required('FAKE_SHIPROCKET_PASSWORD'),
);
process.stdout.write(`${JSON.stringify({ razorpay: razorpay.url, shiprocket: shiprocket.url })}\n`);

const stop = () => {
  void Promise.all([razorpay.close(), shiprocket.close()]).finally(() => process.exit(0));
  // a browser's keep-alive connection must not hold the process open
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
