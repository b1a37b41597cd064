class Config(object):
    def __init__(self, lr: float = 0.1, steps: int = 10, name: Optional[str] = None):
        self.lr = lr
        self.steps = steps
        self.name = name

    def describe(self) -> str:
        name = self.name
        if name is None:
            name = "default"
        return name + ":" + str(self.lr) + "x" + str(self.steps)


def fn(lr: float) -> List[str]:
    return [Config().describe(), Config(lr).describe(), Config(steps=3, name="fast").describe()]


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [0.5]
# EXPECT: "run"
