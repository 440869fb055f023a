# attack: fetch() to metadata.google.internal: no net:connect permit, refused before DNS and logged as denied
# status: 1
# log-has: metadata.google.internal
# stderr: OSError: error sending request for url (http://metadata.google.internal/computeMetadata/v1/)
fetch('http://metadata.google.internal/computeMetadata/v1/', headers={'Metadata-Flavor': 'Google'})
