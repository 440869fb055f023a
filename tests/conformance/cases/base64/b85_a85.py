# base64: Ascii85 (foldspaces, wrapcol, pad, adobe, ignorechars) and
# Base85 (pad), with their ValueError messages.
import base64


def t(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__, e)


data = [b'', b'f', b'fo', b'foo', b'foob', b'fooba', b'foobar', b'\x00\x00\x00\x00',
        b'\x00', b'    ', bytes(range(256)), b'\xff\xff\xff\xff']
for d in data:
    t(base64.b85encode, d)
    t(base64.b85encode, d, pad=True)
    t(base64.a85encode, d)
    t(base64.a85encode, d, adobe=True)
    t(base64.a85encode, d, pad=True, wrapcol=10)
    t(base64.a85encode, d, foldspaces=True)
    assert base64.b85decode(base64.b85encode(d)) == d
    assert base64.a85decode(base64.a85encode(d)) == d
    assert base64.a85decode(base64.a85encode(d, adobe=True), adobe=True) == d
t(base64.a85encode, b'\0\0\0\0    abc', foldspaces=True)
t(base64.a85encode, b'\0\0\0\0', adobe=True, wrapcol=3)
t(base64.a85encode, b'abcdefghij', adobe=True, wrapcol=1)
t(base64.a85encode, b'abcdefghij', wrapcol=4)
t(base64.a85decode, b'z!!')
t(base64.a85decode, b'<~@:E_WAS,RgBkhF"D/O92EH6,BF`qtRH$VbC6UX@47n?3D92&&T:Jand;cHat=\'/U/0JP==1c70M3&s#]<~>', adobe=True)
t(base64.a85decode, b'<~9jqo^~>', adobe=True)
t(base64.a85decode, b'9jqo^~>', adobe=True)
t(base64.a85decode, b'abc', adobe=True)
t(base64.a85decode, b'ab~c')
t(base64.a85decode, b'abzcd')
t(base64.a85decode, b'y', foldspaces=True)
t(base64.a85decode, b'y')
t(base64.a85decode, b'ay', foldspaces=True)
t(base64.a85decode, b's8W-"')
t(base64.a85decode, b's8W-!')
t(base64.a85decode, b's8W-! ', ignorechars=b'')
t(base64.a85decode, '9jqo^\n BlbD-')
t(base64.a85decode, b'9jqo^BlbD-', ignorechars=b'q')
t(base64.b85decode, b'|NsC0')
t(base64.b85decode, b'|NsC1')
t(base64.b85decode, b'ab"cd')
t(base64.b85decode, b'abcd\x80')
t(base64.b85decode, 'VPa!sWoBn+X=-b1ZEkOHadLBXb#`}nd3r%')
t(base64.b85decode, '')
t(base64.b85encode, 'abc')
t(base64.a85encode, 3)
