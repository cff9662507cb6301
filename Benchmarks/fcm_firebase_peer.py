"""firebase-admin (Google's Python SDK) sending N messages to `herald fcm-sim`: the peer of
`herald bench-fcm` in `make bench-fcm`. Prints one JSON line: count, accepted, seconds, rate.

It trusts the simulator's CA through SSL_CERT_FILE and REQUESTS_CA_BUNDLE, reads the
service account the simulator wrote (its token_uri points at the simulator), and sends
to the simulator's messaging endpoint with `messaging.send_each_async` (httpx over HTTP/2,
as many at once as --concurrency). The simulator speaks HTTP/2 only, and google-auth's
token refresh speaks HTTP/1.1, so the access token is fetched here over HTTP/2 (the same
RS256 assertion google-auth signs) and handed to the SDK; the sends are the SDK's own.
"""
import argparse
import asyncio
import datetime
import json
import os
import sys
import time


def fetch_access_token(token_uri, assertion, ca):
    """The token endpoint's answer (`access_token`, `expires_in`) to a JWT-bearer grant, over HTTP/2."""
    import httpx
    with httpx.Client(http2=True, verify=ca) as client:
        answer = client.post(token_uri, data={"grant_type": "urn:ietf:params:oauth:grant-type:jwt-bearer", "assertion": assertion})
    if answer.status_code != 200:
        sys.exit("token endpoint: %d %s" % (answer.status_code, answer.text))
    return answer.json()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--service-account", required=True)
    parser.add_argument("--endpoint", required=True)
    parser.add_argument("--ca", required=True)
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--batch", type=int, default=500, help="messages per send_each_async call (FCM's limit is 500)")
    args = parser.parse_args()
    os.environ["SSL_CERT_FILE"] = args.ca
    os.environ["REQUESTS_CA_BUNDLE"] = args.ca

    import firebase_admin
    from firebase_admin import credentials, messaging
    from google.oauth2 import service_account
    import google.oauth2.credentials

    info = json.load(open(args.service_account))
    signer = service_account.Credentials.from_service_account_info(
        info, scopes=["https://www.googleapis.com/auth/firebase.messaging"])
    assertion = signer._make_authorization_grant_assertion()
    if isinstance(assertion, bytes):
        assertion = assertion.decode()
    grant = fetch_access_token(info["token_uri"], assertion, args.ca)
    expiry = datetime.datetime.utcnow() + datetime.timedelta(seconds=grant["expires_in"])
    token = google.oauth2.credentials.Credentials(grant["access_token"], expiry=expiry)

    class Granted(credentials.Base):
        """The access token fetched above, as firebase-admin's credential."""

        def get_credential(self):
            return token

        @property
        def project_id(self):
            return info["project_id"]

    # The SDK's messaging endpoint, pointed at the simulator.
    messaging._MessagingService.FCM_URL = args.endpoint + "/v1/projects/{0}/messages:send"
    app = firebase_admin.initialize_app(Granted(), {"projectId": info["project_id"]})

    def message(n):
        return messaging.Message(token="bench-%d" % (n + 1), notification=messaging.Notification(title="Benchmark", body="Message %d" % n),
                                 data={"n": str(n)})

    async def run():
        await messaging.send_each_async([message(0)], app=app)
        accepted = 0
        start = time.monotonic()
        for first in range(0, args.count, args.batch):
            batch = [message(n) for n in range(first, min(args.count, first + args.batch))]
            response = await messaging.send_each_async(batch, app=app)
            accepted += response.success_count
            if response.failure_count and first == 0:
                print(response.responses[0].exception if not response.responses[0].success else "", file=sys.stderr)
        return accepted, time.monotonic() - start

    accepted, seconds = asyncio.run(run())
    print(json.dumps({"count": args.count, "accepted": accepted, "seconds": seconds, "rate": args.count / seconds}))


if __name__ == "__main__":
    main()
