# non-ASCII formats, separators and zone names; % inside a zone name
import datetime as d
z = d.timezone(d.timedelta(hours=9), "東京")
x = d.datetime(2020, 1, 2, 3, 4, 5, tzinfo=z)
print(x.strftime("%Y年%m月%d日 %Z %z"), str(z), repr(z), x.tzname(), d.date(2020,1,1).strftime("é%aé"))
print(x.isoformat("ü"), d.datetime.strptime("2020年01月", "%Y年%m月"))
print(d.timezone(d.timedelta(hours=1), "a%b").tzname(None), x.replace(tzinfo=d.timezone(d.timedelta(0), "%Y")).strftime("%Z|%Y"))
