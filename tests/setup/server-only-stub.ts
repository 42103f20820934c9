// `server-only` fails the Next build when client code imports server code; in tests it is a no-op.
export {};
