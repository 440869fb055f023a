# attack: fetch() to every loopback / private / link-local / metadata spelling: refused, nothing decided
# status: 0
# log-lacks: 127.0.0.1
# log-lacks: 169.254.169.254
# log-lacks: [::1]
# log-lacks: localhost
# log-lacks: 10.0.0.1
# log-lacks: 192.168.1.1
# log-lacks: fd00:ec2::254
# stdout: 127.0.0.1 -> access denied: 127.0.0.1
# stdout: 127.1 -> access denied: 127.0.0.1
# stdout: 0x7f.1 -> access denied: 127.0.0.1
# stdout: 2130706433 -> access denied: 127.0.0.1
# stdout: 017700000001 -> access denied: 127.0.0.1
# stdout: 0177.0.0.1 -> access denied: 127.0.0.1
# stdout: %31%32%37.0.0.1 -> access denied: 127.0.0.1
# stdout: user:pw@127.0.0.1:8080 -> access denied: 127.0.0.1
# stdout: [::1] -> access denied: [::1]
# stdout: [0:0:0:0:0:0:0:1] -> access denied: [::1]
# stdout: [::ffff:127.0.0.1] -> access denied: [::ffff:127.0.0.1]
# stdout: [::ffff:169.254.169.254] -> access denied: [::ffff:169.254.169.254]
# stdout: 169.254.169.254 -> access denied: 169.254.169.254
# stdout: 0xa9fea9fe -> access denied: 169.254.169.254
# stdout: [fd00:ec2::254] -> access denied: [fd00:ec2::254]
# stdout: [fe80::1%25eth0] -> access denied: [fe80::1]
# stdout: 10.0.0.1 -> access denied: 10.0.0.1
# stdout: 172.16.0.1 -> access denied: 172.16.0.1
# stdout: 192.168.1.1 -> access denied: 192.168.1.1
# stdout: 100.64.0.1 -> access denied: 100.64.0.1
# stdout: 0.0.0.0 -> access denied: 0.0.0.0
# stdout: 0 -> access denied: 0.0.0.0
# stdout: [::] -> access denied: [::]
# stdout: localhost -> access denied: localhost
# stdout: localhost. -> access denied: localhost.
# stdout: LOCALHOST -> access denied: LOCALHOST
# stdout: LocalHost. -> access denied: LocalHost.
# stdout: file:///etc/passwd -> access denied: file:///etc/passwd
# stdout: gopher://127.0.0.1/ -> access denied: 127.0.0.1
hosts = ['127.0.0.1', '127.1', '0x7f.1', '2130706433', '017700000001', '0177.0.0.1',
         '%31%32%37.0.0.1', 'user:pw@127.0.0.1:8080', '[::1]', '[0:0:0:0:0:0:0:1]',
         '[::ffff:127.0.0.1]', '[::ffff:169.254.169.254]', '169.254.169.254', '0xa9fea9fe',
         '[fd00:ec2::254]', '[fe80::1%25eth0]', '10.0.0.1', '172.16.0.1', '192.168.1.1',
         '100.64.0.1', '0.0.0.0', '0', '[::]', 'localhost', 'localhost.', 'LOCALHOST', 'LocalHost.']
urls = [('http://' + h + '/latest/meta-data/', h) for h in hosts]
urls += [('file:///etc/passwd', 'file:///etc/passwd'), ('gopher://127.0.0.1/', 'gopher://127.0.0.1/')]
for url, shown in urls:
    try:
        fetch(url)
        print(shown, '-> fetched!')
    except OSError as e:
        print(shown, '->', e if type(e) is OSError else type(e).__name__)
