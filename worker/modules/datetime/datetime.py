# worker/modules/datetime/datetime.py -- the frozen Python part of datetime: the
# IsoCalendarDate result of date.isocalendar() (a tuple with named fields).
# Runs in the module's dict after the C part (datetime_mod.c).


class IsoCalendarDate(tuple):
    __slots__ = ()

    def __new__(cls, year, week, weekday):
        return super().__new__(cls, (year, week, weekday))

    @property
    def year(self):
        return self[0]

    @property
    def week(self):
        return self[1]

    @property
    def weekday(self):
        return self[2]

    def __repr__(self):
        return (f'datetime.IsoCalendarDate(year={self[0]}, '
                f'week={self[1]}, weekday={self[2]})')

    def __reduce__(self):
        return (tuple, (tuple(self),))


IsoCalendarDate.__module__ = 'datetime'
_register_isocal(IsoCalendarDate)
del _register_isocal, IsoCalendarDate
