# Vectors as instances with float fields: operator methods, a particle
# simulation and a few reductions.
import math


class Vec:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y, self.z + o.z)

    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y, self.z - o.z)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k, self.z * k)

    def dot(self, o):
        return self.x * o.x + self.y * o.y + self.z * o.z

    def length(self):
        return math.sqrt(self.dot(self))


class Particle:
    def __init__(self, pos, vel):
        self.pos = pos
        self.vel = vel

    def advance(self, dt, gravity):
        self.vel = self.vel + gravity * dt
        self.pos = self.pos + self.vel * dt
        if self.pos.y < 0.0:
            self.pos.y = -self.pos.y
            self.vel.y = -self.vel.y * 0.9


gravity = Vec(0.0, -9.81, 0.0)
particles = [Particle(Vec(i * 0.1, 10.0 + i % 7, -i * 0.05), Vec(1.0, 0.0, 0.5 * (i % 3)))
             for i in range(400)]
for step in range(800):
    for p in particles:
        p.advance(0.01, gravity)
centre = Vec(0.0, 0.0, 0.0)
for p in particles:
    centre = centre + p.pos
centre = centre * (1.0 / len(particles))
spread = max((p.pos - centre).length() for p in particles)
print(round(centre.x, 6), round(centre.y, 6), round(centre.z, 6), round(spread, 6))
